from django.urls import URLPattern, path

from scoring import views

app_name = "scoring"

urlpatterns: list[URLPattern] = [
    path("calculator/", views.calculator, name="calculator"),
]
